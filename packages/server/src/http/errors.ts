import { messages } from '@uap/domain';

/** An error that carries its HTTP status and the message the user sees. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const invalid = (message: string = messages.invalidInput, data: unknown = null) =>
  new HttpError(400, message, data);
export const unauthorized = (message: string = messages.unauthorized) => new HttpError(401, message);
export const forbidden = (message: string = messages.forbiddenRole) => new HttpError(403, message);
export const auditorReadOnly = () => new HttpError(403, messages.auditorsReadOnly);
export const notFound = (message: string = messages.recordNotFound) => new HttpError(404, message);
export const conflict = (message: string, data: unknown = null) => new HttpError(409, message, data);
/** An upload larger than the route accepts (its own message, as a file's limit differs by route). */
export const tooLarge = (message: string) => new HttpError(413, message);
/** A business rule refused the input (the spec's message). */
export const unprocessable = (message: string, data: unknown = null) => new HttpError(422, message, data);
