// A user at the demo's authorization server, for tests and scripts: follows redirects with a cookie jar, fills oidc-provider's
// development login form (any login, any password) and presses "Continue" on its consent page, and stops at the first
// redirect that leaves the authorization server (the client's callback URL, with `code`, `state` and `iss`).

const FORM_ACTION = /<form[^>]*\baction="([^"]*)"/;
const PROMPT = /name="prompt" value="(login|consent)"/;

/** Signs in as `login` and consents; resolves with the callback URL the authorization server redirects to. */
export async function signInAtAuthorizationServer(authorizationUrl: string, login = 'alice'): Promise<string> {
  const origin = new URL(authorizationUrl).origin;
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop += 1) {
    if (new URL(url).origin !== origin) {
      return url;
    }
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      redirect: 'manual',
      method: form === undefined ? 'GET' : 'POST',
      headers: {
        ...(cookie === '' ? {} : { cookie }),
        ...(form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(form === undefined ? {} : { body: form.toString() }),
    });
    form = undefined;
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    const location = response.headers.get('location');
    if (location !== null) {
      url = new URL(location, url).href;
      continue;
    }
    const page = await response.text();
    const prompt = PROMPT.exec(page)?.[1];
    const action = FORM_ACTION.exec(page)?.[1];
    if (response.status !== 200 || prompt === undefined || action === undefined) {
      throw new Error(`The authorization server answered ${response.status} at ${url}: ${page.slice(0, 500)}`);
    }
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'demo' } : { prompt });
  }
  throw new Error('Too many redirects at the authorization server');
}
