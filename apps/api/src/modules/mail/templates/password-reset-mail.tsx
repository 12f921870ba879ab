/** @jsxRuntime automatic @jsxImportSource react */
import { Button } from '@react-email/button';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { MailLayout, styles } from './mail-layout';

export interface PasswordResetMailProps {
  publicUrl: string;
  resetUrl: string;
  validMinutes: number;
}

export function PasswordResetMail(props: PasswordResetMailProps) {
  return (
    <MailLayout preview="Choose a new password" heading="Reset your password" publicUrl={props.publicUrl}>
      <Text style={styles.text}>
        Someone asked to reset the password of your account. If it was you, choose a new password with the button below.
        The link works once, within {props.validMinutes} minutes.
      </Text>
      <Section style={{ margin: '20px 0', textAlign: 'center' }}>
        <Button href={props.resetUrl} style={styles.button}>
          Choose a new password
        </Button>
      </Section>
      <Text style={styles.url}>Or paste this link into your browser: {props.resetUrl}</Text>
      <Text style={styles.muted}>If you did not ask, ignore this e-mail: your password stays as it is.</Text>
    </MailLayout>
  );
}
