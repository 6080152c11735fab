import type { FastifyRequest } from 'fastify';
import type { AppError } from './errors.js';

export type UploadedFile = { filename: string; buffer: Buffer };
export type MultipartForm = { fields: Record<string, string>; files: Record<string, UploadedFile> };

/**
 * Reads a multipart/form-data request into its text fields and files (kept in memory, each at most
 * `maxFileBytes`). A non-multipart request answers `notMultipart`; a file over the limit `tooLarge`.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: { maxFileBytes: number; maxFiles: number; notMultipart: AppError; tooLarge: AppError },
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw options.notMultipart;
  const form: MultipartForm = { fields: {}, files: {} };
  try {
    for await (const part of request.parts({
      limits: { fileSize: options.maxFileBytes, files: options.maxFiles, fields: 60, fieldSize: 100_000 },
    })) {
      if (part.type === 'file')
        form.files[part.fieldname] = { filename: part.filename, buffer: await part.toBuffer() };
      else form.fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw options.tooLarge;
    throw error;
  }
  return form;
}
