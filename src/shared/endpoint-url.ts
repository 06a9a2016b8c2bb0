/**
 * The method and `/api` address of a call named like the endpoint table's keys (`'GET /products/:id'`):
 * each `:name` of the path filled with its parameter, URL-encoded, and the query's empty values
 * (undefined, null, '') left out. No zod here: the storefront's bundle takes only this from the table.
 */
export function endpointUrl(endpoint: string, params: object = {}, query: object = {}): { method: string; url: string } {
  const [method = '', pathPattern = ''] = endpoint.split(' ');
  const values = new Map(Object.entries(params));
  const path = pathPattern.replace(/:(\w+)/g, (_segment, name: string) => {
    const value: unknown = values.get(name);
    if (value === undefined || value === null || value === '') throw new Error(`${endpoint} needs its ${name} parameter`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const queryString = search.toString();
  return { method, url: `/api${path}${queryString ? `?${queryString}` : ''}` };
}
