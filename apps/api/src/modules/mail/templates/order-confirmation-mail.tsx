/** @jsxRuntime automatic @jsxImportSource react */
import { Column } from '@react-email/column';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { AddressLines, MailLayout, OrderButton, palette, styles } from './mail-layout';
import { money } from './mail-money';

export interface MailOrderLine {
  id: string;
  name: string;
  /** What was chosen of it ("Red, size M"), or empty for a product of one colour and size. */
  choice: string;
  quantity: number;
  unitPriceCents: number;
}

export interface MailDelivery {
  method: string;
  /** When it arrives, in words ("3-5 business days"). */
  delivery: string;
  addressLines: string[];
}

export interface OrderConfirmationMailProps {
  publicUrl: string;
  orderUrl: string;
  transactionId: string;
  lines: MailOrderLine[];
  subtotalCents: number;
  /** The discount code used and what it took off the items; null without one. */
  discount: { code: string; cents: number } | null;
  taxCents: number;
  shippingCents: number;
  grandTotalCents: number;
  delivery: MailDelivery | null;
}

function TotalRow({ label, cents, strong, less }: { label: string; cents: number; strong?: boolean; less?: boolean }) {
  const style = { ...styles.text, margin: '0 0 6px', fontWeight: strong ? 700 : 400 };
  return (
    <Row>
      <Column style={style}>{label}</Column>
      <Column style={{ ...style, textAlign: 'right' }}>
        {less ? '−' : ''}
        {money(cents)}
      </Column>
    </Row>
  );
}

export function OrderConfirmationMail(props: OrderConfirmationMailProps) {
  const { lines, delivery } = props;
  return (
    <MailLayout
      preview={`Thank you for your order: ${money(props.grandTotalCents)}`}
      heading="Thank you for your order"
      publicUrl={props.publicUrl}
    >
      <Text style={styles.text}>We have your payment and are getting your order ready.</Text>
      <Text style={styles.muted}>Transaction ID: {props.transactionId}</Text>

      <Section style={{ borderTop: `1px solid ${palette.sand}`, marginTop: '16px', paddingTop: '12px' }}>
        {lines.map((line) => (
          <Row key={line.id} style={{ borderBottom: `1px solid ${palette.linen}` }}>
            <Column style={{ padding: '8px 0' }}>
              <Text style={{ ...styles.text, margin: 0, fontWeight: 600 }}>{line.name}</Text>
              <Text style={{ ...styles.muted, margin: 0 }}>
                {line.choice ? `${line.choice} · ` : ''}
                {line.quantity} × {money(line.unitPriceCents)}
              </Text>
            </Column>
            <Column style={{ ...styles.text, margin: 0, padding: '8px 0', textAlign: 'right', verticalAlign: 'top' }}>
              {money(line.unitPriceCents * line.quantity)}
            </Column>
          </Row>
        ))}
      </Section>

      <Section style={{ marginTop: '16px' }}>
        <TotalRow label="Subtotal" cents={props.subtotalCents} />
        {props.discount ? (
          <TotalRow label={`Discount (${props.discount.code})`} cents={props.discount.cents} less />
        ) : null}
        <TotalRow label="Tax" cents={props.taxCents} />
        {delivery || props.shippingCents > 0 ? (
          <TotalRow label={delivery ? `Shipping (${delivery.method})` : 'Shipping'} cents={props.shippingCents} />
        ) : null}
        <TotalRow label="Grand Total" cents={props.grandTotalCents} strong />
      </Section>

      {delivery ? (
        <Section
          style={{ backgroundColor: palette.ivory, borderRadius: '4px', marginTop: '16px', padding: '14px 16px' }}
        >
          <Text style={styles.label}>Delivery</Text>
          <Text style={{ ...styles.text, margin: '0 0 8px' }}>
            {delivery.method}, {delivery.delivery}
          </Text>
          <AddressLines lines={delivery.addressLines} />
        </Section>
      ) : null}

      <OrderButton href={props.orderUrl} />
      <Text style={{ ...styles.url, marginTop: '12px', textAlign: 'center' }}>{props.orderUrl}</Text>
    </MailLayout>
  );
}
