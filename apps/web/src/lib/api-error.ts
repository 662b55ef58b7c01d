/** A failed /api call, carrying the server's error code (docs/house-rules.md "One error shape"). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: ReadonlyArray<{ path: string; message: string }> = [],
  ) {
    super(message)
    this.name = 'ApiError'
  }
}
