/** @jsxRuntime automatic @jsxImportSource react */
import { Button } from '@react-email/button';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { MailLayout, styles } from './mail-layout';

export interface EmailConfirmationMailProps {
  publicUrl: string;
  confirmUrl: string;
  validHours: number;
}

export function EmailConfirmationMail(props: EmailConfirmationMailProps) {
  return (
    <MailLayout preview="Confirm your e-mail" heading="Confirm your e-mail" publicUrl={props.publicUrl}>
      <Text style={styles.text}>
        Please confirm that this is your e-mail address. Once it is confirmed, the orders you placed with it without an
        account join your account, so you can follow them all in one place.
      </Text>
      <Section style={{ margin: '20px 0', textAlign: 'center' }}>
        <Button href={props.confirmUrl} style={styles.button}>
          Confirm my e-mail
        </Button>
      </Section>
      <Text style={styles.url}>Or paste this link into your browser: {props.confirmUrl}</Text>
      <Text style={styles.muted}>
        The link works once, within {props.validHours} hours. If you did not create an account, ignore this e-mail:
        nothing changes.
      </Text>
    </MailLayout>
  );
}
