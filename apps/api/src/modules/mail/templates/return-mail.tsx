/** @jsxRuntime automatic @jsxImportSource react */
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { AddressLines, MailLayout, OrderButton, styles } from './mail-layout';
import { money } from './mail-money';

/** A returned line as the return's mails name it: "2 × Linen shirt (Sand, size M)". */
export interface ReturnMailLine {
  name: string;
  choice: string;
  quantity: number;
  /** For an exchange: the size and colour sent instead ("Sand, size L"); null for a refund. */
  exchangeFor: string | null;
}

interface ReturnMailBase {
  publicUrl: string;
  orderUrl: string;
  /** The return's number, as written on the parcel (R000042). */
  number: string;
}

const lineText = (line: ReturnMailLine) =>
  `${line.quantity} × ${line.name}${line.choice ? ` (${line.choice})` : ''}${
    line.exchangeFor ? `, to exchange for ${line.exchangeFor}` : ', for a refund'
  }`;

function ReturnedLines({ lines }: { lines: readonly ReturnMailLine[] }) {
  return (
    <Section style={{ margin: '4px 0 12px' }}>
      {lines.map((line) => (
        <Text key={lineText(line)} style={{ ...styles.text, margin: '0 0 6px' }}>
          {lineText(line)}
        </Text>
      ))}
    </Section>
  );
}

export function ReturnAuthorisedMail(
  props: ReturnMailBase & { lines: readonly ReturnMailLine[]; addressLines: readonly string[] },
) {
  return (
    <MailLayout
      preview={`Your return ${props.number} is authorised: here is how to send it`}
      heading={`Return ${props.number} is authorised`}
      publicUrl={props.publicUrl}
    >
      <Text style={styles.text}>We have your request to return:</Text>
      <ReturnedLines lines={props.lines} />
      <Text style={styles.label}>What to do now</Text>
      <Text style={styles.text}>1. Pack the items, unworn and with their labels, in a parcel.</Text>
      <Text style={styles.text}>
        2. Write the return number <strong>{props.number}</strong> clearly on the parcel.
      </Text>
      <Text style={styles.text}>3. Send it to:</Text>
      <Section style={{ margin: '0 0 12px 16px' }}>
        <AddressLines lines={props.addressLines} />
      </Section>
      <Text style={styles.text}>4. Keep the receipt of the postage until your return is complete.</Text>
      <Text style={styles.muted}>We will e-mail you when the parcel arrives and again once we have checked it.</Text>
      <OrderButton href={props.orderUrl} />
    </MailLayout>
  );
}

export function ReturnReceivedMail(props: ReturnMailBase & { lines: readonly ReturnMailLine[] }) {
  return (
    <MailLayout
      preview={`Your return ${props.number} has arrived`}
      heading={`We have received return ${props.number}`}
      publicUrl={props.publicUrl}
    >
      <Text style={styles.text}>Your parcel has arrived and we are checking the items:</Text>
      <ReturnedLines lines={props.lines} />
      <Text style={styles.muted}>We will e-mail you about each item once it has been checked.</Text>
      <OrderButton href={props.orderUrl} />
    </MailLayout>
  );
}

export function ReturnRefundedMail(props: ReturnMailBase & { line: ReturnMailLine; amountCents: number }) {
  return (
    <MailLayout
      preview={`${money(props.amountCents)} is on its way back to you`}
      heading="Your returned item is refunded"
      publicUrl={props.publicUrl}
    >
      <Text style={styles.text}>
        We have checked the {props.line.name}
        {props.line.choice ? ` (${props.line.choice})` : ''} you sent back with return {props.number}, and refunded{' '}
        {money(props.amountCents)} for it.
      </Text>
      <Text style={styles.text}>It goes to the card you paid with and usually shows within 5-10 business days.</Text>
      <OrderButton href={props.orderUrl} />
    </MailLayout>
  );
}

export function ReturnExchangeShippedMail(props: ReturnMailBase & { line: ReturnMailLine }) {
  return (
    <MailLayout
      preview={`Your exchange is on its way: ${props.line.exchangeFor ?? props.line.name}`}
      heading="Your exchange is on its way"
      publicUrl={props.publicUrl}
    >
      <Text style={styles.text}>
        We have checked the {props.line.name} you sent back with return {props.number}, and sent {props.line.quantity} ×{' '}
        {props.line.name} ({props.line.exchangeFor ?? 'the size you chose'}) in its place. It is on its way to you.
      </Text>
      <OrderButton href={props.orderUrl} />
    </MailLayout>
  );
}

export function ReturnRejectedMail(props: ReturnMailBase & { line: ReturnMailLine; reason: string }) {
  return (
    <MailLayout
      preview={`About your return ${props.number}`}
      heading="We could not accept a returned item"
      publicUrl={props.publicUrl}
    >
      <Text style={styles.text}>
        We have checked the {props.line.name}
        {props.line.choice ? ` (${props.line.choice})` : ''} you sent back with return {props.number}, and could not
        accept it.
      </Text>
      <Text style={styles.text}>Why: {props.reason}</Text>
      <Text style={styles.muted}>If you have a question about it, reply to this e-mail.</Text>
      <OrderButton href={props.orderUrl} />
    </MailLayout>
  );
}
