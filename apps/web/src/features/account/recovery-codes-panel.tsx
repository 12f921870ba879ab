import { SHOP_NAME } from '@shop/contract/constants';
import { Button, buttonClass } from '../../ui/button';
import { useToast } from '../../ui/toast';

/** The recovery codes, shown this once: the shop keeps only their hashes. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const notify = useToast();
  const text = `${SHOP_NAME} recovery codes (each works once):\n${codes.join('\n')}\n`;
  return (
    <div className="space-y-5 text-sm text-ink">
      <p role="status" className="rounded-xl bg-go/10 px-4 py-3 text-go-dark">
        Two-factor authentication is on.
      </p>
      <div>
        <h3 className="font-medium text-ink">Save your recovery codes</h3>
        <p className="mt-1 max-w-prose text-muted">
          If you lose your phone, each of these codes logs you in once instead of the app's code. They are shown only
          now: keep them somewhere safe, such as a password manager.
        </p>
      </div>
      <ul
        aria-label="Recovery codes"
        className="grid max-w-md grid-cols-1 gap-2 rounded-2xl bg-linen p-4 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(text);
              notify('Recovery codes copied', 'success');
            } catch {
              notify('The codes could not be copied; select them instead', 'error');
            }
          }}
        >
          Copy codes
        </Button>
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={`${SHOP_NAME.toLowerCase()}-recovery-codes.txt`}
          className={buttonClass('outline')}
        >
          Download
        </a>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}
