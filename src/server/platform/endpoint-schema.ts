import type { z } from 'zod';
import { answerOf } from '../../shared/api-answers.ts';
import { apiEndpoints, type ApiEndpoints, type EndpointContract, type EndpointKey } from '../../shared/api-endpoints.ts';
import { checkedByHandler } from './validation.ts';

/** A body sent as JSON, or as multipart/form-data beside files: the handler reads the parts, then checks the fields with `parseInput`. */
export const formBody = (fields: z.ZodType) => ({ consumes: ['application/json', 'multipart/form-data'], body: checkedByHandler(fields) });

type SuccessStatus<Endpoint> = Endpoint extends { status: infer Status extends number } ? Status : 200;

/** The route schema parts of one endpoint, typed as the table declares them (`unknown` intersects to nothing). */
type RouteSchema<Endpoint extends EndpointContract, BodyCheckedByHandler extends boolean> = (Endpoint extends { params: infer Params } ? { params: Params } : unknown) &
  (Endpoint extends { query: infer Query } ? { querystring: Query } : unknown) &
  (Endpoint extends { body: infer Body } ? { body: BodyCheckedByHandler extends true ? z.ZodUnknown : Body } : unknown) &
  (Endpoint extends { form: z.ZodType } ? ReturnType<typeof formBody> : unknown) & {
    response: { [Status in SuccessStatus<Endpoint>]: ReturnType<typeof answerOf<Endpoint['data']>> };
  };

/**
 * A route's `params`, `querystring`, `body` and success answer, taken from the endpoint table the
 * storefront's client is typed by (decision 025), so the two cannot drift apart. A body whose rules
 * are known only per request is passed on for the handler to check (`checkedByHandler`).
 */
export function endpointSchema<Key extends EndpointKey, BodyCheckedByHandler extends boolean = false>(
  key: Key,
  options?: { bodyCheckedByHandler: BodyCheckedByHandler },
): RouteSchema<ApiEndpoints[Key], BodyCheckedByHandler> {
  const { params, query, body, form, data, status }: EndpointContract = apiEndpoints[key];
  const schema = {
    ...(params && { params }),
    ...(query && { querystring: query }),
    ...(body && { body: options?.bodyCheckedByHandler ? checkedByHandler(body) : body }),
    ...(form && formBody(form)),
    response: { [status ?? 200]: answerOf(data) },
  };
  return schema as RouteSchema<ApiEndpoints[Key], BodyCheckedByHandler>;
}
