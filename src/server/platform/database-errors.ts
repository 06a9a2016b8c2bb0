/**
 * The unique constraint a failed insert or update broke, if that is why it failed: two requests can
 * both pass a "not taken yet" check, and the database index settles the race. Both drivers report
 * PostgreSQL's code 23505 with the constraint name, possibly wrapped by Drizzle as the `cause`.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return undefined;
}
