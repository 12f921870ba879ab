/** @jsxRuntime automatic @jsxImportSource react */
import { Column } from '@react-email/column';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { MailLayout, OrderButton, styles } from './mail-layout';
import { money } from './mail-money';

export interface RefundIssuedMailProps {
  publicUrl: string;
  orderUrl: string;
  kind: 'refund' | 'cancellation';
  amountCents: number;
  /** What the order still holds after this refund: what was charged less everything given back. */
  remainingCents: number;
  orderTotalCents: number;
  reason: string;
}

export function RefundIssuedMail(props: RefundIssuedMailProps) {
  const cancelled = props.kind === 'cancellation';
  const heading = cancelled ? 'Your order was cancelled' : 'We have issued a refund';
  const rows: [string, number][] = [
    ['Order total', props.orderTotalCents],
    [cancelled ? 'Refunded with the cancellation' : 'Refunded now', props.amountCents],
    ['Left on the order', props.remainingCents],
  ];
  return (
    <MailLayout
      preview={`${money(props.amountCents)} is on its way back to you`}
      heading={heading}
      publicUrl={props.publicUrl}
    >
      <Text style={styles.text}>
        {cancelled
          ? `Your order is cancelled and ${money(props.amountCents)} is on its way back to you.`
          : `A refund of ${money(props.amountCents)} is on its way back to you.`}{' '}
        It goes to the card you paid with and usually shows within 5-10 business days.
      </Text>
      {props.reason ? <Text style={styles.muted}>Reason: {props.reason}</Text> : null}
      <Section style={{ marginTop: '8px' }}>
        {rows.map(([label, cents]) => (
          <Row key={label}>
            <Column style={{ ...styles.text, margin: '0 0 6px' }}>{label}</Column>
            <Column style={{ ...styles.text, margin: '0 0 6px', textAlign: 'right' }}>{money(cents)}</Column>
          </Row>
        ))}
      </Section>
      <OrderButton href={props.orderUrl} />
    </MailLayout>
  );
}
