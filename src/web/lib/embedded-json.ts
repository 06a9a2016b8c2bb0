/** The JSON the server put in a `<script type="application/json">` of the page; undefined outside a browser or without one. */
export function embeddedJson(id: string): unknown {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(id)?.textContent;
  return text ? JSON.parse(text) : undefined;
}
