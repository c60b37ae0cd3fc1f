// The page's CSP nonce, for libraries that insert <style> elements (emotion, antd's cssinjs): serve.mjs puts a fresh
// one in each response's policy and in <meta property="csp-nonce"> (Vite's html.cspNonce). Read through the `nonce`
// property: browsers hide the attribute's value from the DOM once the policy applies.

/** The nonce of this page load, or undefined when the page has none (the dev server). */
export function cspNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || undefined;
}
