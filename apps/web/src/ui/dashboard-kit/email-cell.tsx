/** An e-mail address broken after the @ only, when it must break, so a table fits a laptop screen. */
export function EmailCell({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
