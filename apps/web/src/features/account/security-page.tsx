import { PageHeader } from '../../ui/dashboard-kit/page-header';
import { TwoFactorSection } from './two-factor-section';

/**
 * The account's sign-in protection: its second factor. An admin sent here by ADMIN_REQUIRE_2FA is told
 * why by the section itself, from the server's status, so the words go once two-factor is on.
 */
export function SecurityPage() {
  return (
    <>
      <PageHeader
        eyebrow="My account"
        title="Security"
        description="Protect your account with a code from an authenticator app at every login."
      />
      <TwoFactorSection />
    </>
  );
}
