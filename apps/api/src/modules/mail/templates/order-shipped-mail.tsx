/** @jsxRuntime automatic @jsxImportSource react */
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { AddressLines, MailLayout, OrderButton, palette, styles } from './mail-layout';

export interface OrderShippedMailProps {
  publicUrl: string;
  orderUrl: string;
  /** Either may be missing: an order can ship before the shop has its tracking. */
  carrier: string | null;
  trackingNumber: string | null;
  addressLines: string[];
}

export function OrderShippedMail(props: OrderShippedMailProps) {
  return (
    <MailLayout
      preview={props.carrier ? `Your order is on its way with ${props.carrier}` : 'Your order is on its way'}
      heading="Your order is on its way"
      publicUrl={props.publicUrl}
    >
      <Text style={styles.text}>
        {props.trackingNumber
          ? 'Your parcel has left us. You can follow it with the carrier.'
          : 'Your parcel has left us.'}
      </Text>
      {props.carrier || props.trackingNumber ? (
        <Section style={{ backgroundColor: palette.ivory, borderRadius: '4px', padding: '14px 16px' }}>
          {props.carrier ? (
            <>
              <Text style={styles.label}>Carrier</Text>
              <Text style={{ ...styles.text, ...(props.trackingNumber ? {} : { margin: 0 }) }}>{props.carrier}</Text>
            </>
          ) : null}
          {props.trackingNumber ? (
            <>
              <Text style={styles.label}>Tracking number</Text>
              <Text style={{ ...styles.text, fontFamily: 'Menlo, Consolas, monospace', margin: 0 }}>
                {props.trackingNumber}
              </Text>
            </>
          ) : null}
        </Section>
      ) : null}
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
