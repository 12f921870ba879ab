/** @jsxRuntime automatic @jsxImportSource react */
import { Button } from '@react-email/button';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { MailLayout, styles } from './mail-layout';

export interface BackInStockConfirmMailProps {
  publicUrl: string;
  /** "Linen shirt in Sand, size M". */
  what: string;
  confirmUrl: string;
  unsubscribeUrl: string;
  validDays: number;
}

/** A guest's double opt-in: nothing is sent about the size until the address is confirmed. */
export function BackInStockConfirmMail(props: BackInStockConfirmMailProps) {
  return (
    <MailLayout preview="Confirm to hear when it's back" heading="Confirm your e-mail" publicUrl={props.publicUrl}>
      <Text style={styles.text}>
        Someone asked us to e-mail this address when {props.what} is back in stock. If it was you, confirm with the
        button below, within {props.validDays} days, and we'll send you one e-mail when it is.
      </Text>
      <Section style={{ margin: '20px 0', textAlign: 'center' }}>
        <Button href={props.confirmUrl} style={styles.button}>
          Yes, e-mail me
        </Button>
      </Section>
      <Text style={styles.url}>Or paste this link into your browser: {props.confirmUrl}</Text>
      <Text style={styles.muted}>
        If you did not ask, ignore this e-mail: without a confirmation we send nothing more, and delete your address
        after {props.validDays} days. To have us delete it now: <a href={props.unsubscribeUrl}>unsubscribe</a>.
      </Text>
    </MailLayout>
  );
}
