/** Temporary: a repository not yet written for MongoDB (removed once every port is implemented). */
export function notYet<T>(name: string): T {
  return new Proxy({}, { get: (_t, k) => (typeof k === "string" ? async () => { throw new Error(`mongo adapter: ${name}.${k} is not implemented yet`); } : undefined) }) as T;
}
