/** @jsxRuntime automatic @jsxImportSource react */
import { Button } from '@react-email/button';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { MailLayout, styles } from './mail-layout';

export interface BackInStockMailProps {
  publicUrl: string;
  /** "Linen shirt in Sand, size M". */
  what: string;
  productUrl: string;
  unsubscribeUrl: string;
}

/** The one mail a waiting shopper gets when the size comes back. */
export function BackInStockMail(props: BackInStockMailProps) {
  return (
    <MailLayout preview={`${props.what} is back`} heading="It's back in stock" publicUrl={props.publicUrl}>
      <Text style={styles.text}>
        {props.what} is back. You asked us to tell you: here it is, while it lasts. Whoever checks out first gets it, so
        don't wait too long.
      </Text>
      <Section style={{ margin: '20px 0', textAlign: 'center' }}>
        <Button href={props.productUrl} style={styles.button}>
          See it in the shop
        </Button>
      </Section>
      <Text style={styles.url}>Or paste this link into your browser: {props.productUrl}</Text>
      <Text style={styles.muted}>
        This is the only e-mail you get about this size, and we no longer keep your address for it. To say no to any
        later e-mail about it: <a href={props.unsubscribeUrl}>unsubscribe</a>.
      </Text>
    </MailLayout>
  );
}
