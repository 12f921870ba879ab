/** @jsxRuntime automatic @jsxImportSource react */
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { AddressLines, MailLayout, OrderButton, palette, styles } from './mail-layout';

export interface OrderShippedMailProps {
  publicUrl: string;
  orderUrl: string;
  carrier: string;
  trackingNumber: string;
  addressLines: string[];
}

export function OrderShippedMail(props: OrderShippedMailProps) {
  return (
    <MailLayout
      preview={`Your order is on its way with ${props.carrier}`}
      heading="Your order is on its way"
      publicUrl={props.publicUrl}
    >
      <Text style={styles.text}>Your parcel has left us. You can follow it with the carrier.</Text>
      <Section style={{ backgroundColor: palette.ivory, borderRadius: '4px', padding: '14px 16px' }}>
        <Text style={styles.label}>Carrier</Text>
        <Text style={styles.text}>{props.carrier}</Text>
        <Text style={styles.label}>Tracking number</Text>
        <Text style={{ ...styles.text, fontFamily: 'Menlo, Consolas, monospace', margin: 0 }}>
          {props.trackingNumber}
        </Text>
      </Section>
      {props.addressLines.length > 0 ? (
        <Section style={{ marginTop: '16px' }}>
          <Text style={styles.label}>Going to</Text>
          <AddressLines lines={props.addressLines} />
        </Section>
      ) : null}
      <OrderButton href={props.orderUrl} />
    </MailLayout>
  );
}
