interface SignInPageInput {
  uid: string;
  accounts: { email: string; name: string; role: string }[];
  error?: string;
}

const STYLE = `<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f8;margin:0;color:#1c2430}
main{max-width:560px;margin:48px auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 2px 8px #0002}
h1{font-size:1.5rem;margin:0 0 4px}p{color:#4a5563}ul{list-style:none;padding:0}li{margin:8px 0}
button{width:100%;display:grid;grid-template-columns:1fr auto;gap:2px 12px;text-align:left;padding:12px 16px;border:1px solid #c7ced6;border-radius:6px;background:#fff;cursor:pointer;font:inherit}
button:hover,button:focus{border-color:#0d2c54;outline:2px solid #0d2c5433}
button span:last-child{grid-column:1/3;color:#4a5563;font-size:.875rem}
label{display:block;margin:24px 0 4px;font-weight:600}input[type=email]{width:100%;box-sizing:border-box;padding:10px;border:1px solid #c7ced6;border-radius:6px;font:inherit}
.error{color:#b00020;font-weight:600}.submit{margin-top:8px;display:block;text-align:center;background:#0d2c54;color:#fff}
</style>`;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The embedded provider's sign-in page: pick a demo account, or type a directory email. */
export function renderSignInPage({ uid, accounts, error }: SignInPageInput): string {
  const action = `/signin/${encodeURIComponent(uid)}`;
  const rows = accounts
    .map(
      (a) => `<li><form method="post" action="${action}">
  <input type="hidden" name="email" value="${escape(a.email)}">
  <button type="submit" aria-label="Sign in as ${escape(a.name)}"><strong>${escape(a.name)}</strong>
  <span>${escape(a.role)}</span><span>${escape(a.email)}</span></button></form></li>`,
    )
    .join('\n');
  return page(
    'Sign in',
    `<h1>Sign in to UAP</h1>
<p>Embedded identity provider for local use. Choose a demo account; no password is needed.</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<ul aria-label="Demo accounts">${rows}</ul>
<form method="post" action="${action}">
<label for="email">Or sign in with a directory email</label>
<input id="email" name="email" type="email" required autocomplete="email">
<button class="submit" type="submit">Sign in</button>
</form>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} - UAP</title>
${STYLE}</head>
<body><main>${body}</main></body></html>`;
}

/** The sign-out confirmation; `form` is the provider's own form with its anti-forgery token. */
export function renderLogoutPage(form: string): string {
  return page(
    'Sign out',
    `<h1>Sign out of UAP?</h1>
${form}
<button class="submit" type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>
<p><button type="submit" form="op.logoutForm">Stay signed in</button></p>`,
  );
}

export function renderLoggedOutPage(): string {
  return page('Signed out', '<h1>You are signed out</h1><p><a href="/">Sign in to UAP again</a></p>');
}
