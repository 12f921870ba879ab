/** @jsxRuntime automatic @jsxImportSource react */
// The pragma, not only tsconfig: the server is also started from other folders (tests, bench), where tsx reads no tsconfig with this setting.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { SHOP_NAME } from '@shop/contract/constants';
import type { CSSProperties, ReactNode } from 'react';

/** The shop's palette (apps/web/src/index.css), as mail clients need it: inline. */
export const palette = {
  ivory: '#faf7f2',
  linen: '#f3ece2',
  sand: '#e6dccd',
  muted: '#675d52',
  ink: '#1f1a16',
  clay: '#9a4429',
} as const;

const fonts = "'Helvetica Neue', Helvetica, Arial, sans-serif";

export const styles = {
  heading: { color: palette.ink, fontSize: '22px', fontWeight: 600, margin: '0 0 12px' },
  text: { color: palette.ink, fontSize: '15px', lineHeight: '24px', margin: '0 0 12px' },
  muted: { color: palette.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' },
  /** A link written out: long addresses break instead of widening the mail on a phone. */
  url: { color: palette.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px', wordBreak: 'break-all' },
  label: {
    color: palette.muted,
    fontSize: '12px',
    letterSpacing: '0.08em',
    textTransform: 'uppercase',
    margin: '0 0 4px',
  },
  button: {
    backgroundColor: palette.clay,
    borderRadius: '4px',
    color: '#ffffff',
    display: 'inline-block',
    fontSize: '15px',
    fontWeight: 600,
    padding: '12px 22px',
    textDecoration: 'none',
  },
  hr: { borderColor: palette.sand, margin: '20px 0' },
} satisfies Record<string, CSSProperties>;

interface MailLayoutProps {
  /** The line a mail client shows beside the subject. */
  preview: string;
  heading: string;
  publicUrl: string;
  children: ReactNode;
}

/** One frame for every mail: the shop's name, a card on ivory, a short footer. */
export function MailLayout({ preview, heading, publicUrl, children }: MailLayoutProps) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: palette.ivory, fontFamily: fonts, margin: 0, padding: '24px 0' }}>
        <Container style={{ maxWidth: '560px', margin: '0 auto', padding: '0 12px' }}>
          <Text
            style={{
              color: palette.ink,
              fontSize: '24px',
              fontWeight: 700,
              letterSpacing: '0.04em',
              margin: '0 0 16px',
              textAlign: 'center',
            }}
          >
            <Link href={publicUrl} style={{ color: palette.ink, textDecoration: 'none' }}>
              {SHOP_NAME}
            </Link>
          </Text>
          <Section
            style={{
              backgroundColor: '#ffffff',
              border: `1px solid ${palette.sand}`,
              borderRadius: '6px',
              padding: '28px 24px',
            }}
          >
            <Heading as="h1" style={styles.heading}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Hr style={styles.hr} />
          <Text style={{ ...styles.muted, textAlign: 'center' }}>
            {SHOP_NAME} ·{' '}
            <Link href={publicUrl} style={{ color: palette.muted }}>
              {publicUrl.replace(/^https?:\/\//, '')}
            </Link>
          </Text>
          <Text style={{ ...styles.muted, textAlign: 'center' }}>
            You receive this e-mail because of your account or an order at {SHOP_NAME}.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The button every order mail ends with. */
export function OrderButton({ href }: { href: string }) {
  return (
    <Section style={{ marginTop: '24px', textAlign: 'center' }}>
      <Button href={href} style={styles.button}>
        View your order
      </Button>
    </Section>
  );
}

/** A delivery address, a line each. */
export function AddressLines({ lines }: { lines: readonly string[] }) {
  return lines.map((line) => (
    <Text key={line} style={{ ...styles.text, margin: 0 }}>
      {line}
    </Text>
  ));
}
