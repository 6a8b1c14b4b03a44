/** Typed application errors; the error handler turns them into {"detail":{"status","message"}}. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'invalid_request') => new AppError(400, code, message);
export const unauthorized = (message = 'Invalid or missing credentials.', code = 'unauthorized') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You do not have permission to do this.', code = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found.', code = 'not_found') => new AppError(404, code, message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
export const tooManyRequests = (
  message = 'Too many requests, please try again later.',
  code = 'too_many_requests',
) => new AppError(429, code, message);
export const serviceUnavailable = (message: string, code = 'service_unavailable') =>
  new AppError(503, code, message);
export const routeNotFound = (method: string, url: string) =>
  new AppError(404, 'not_found', `No route ${method} ${url.split('?')[0]}.`);
