import { findUnsafeText } from '@cotacoes/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from './errors.js';

export type UploadedFile = { filename: string; buffer: Buffer };
/** Text fields by name (the last value of a repeated one); files by field name, every one in order. */
export type MultipartForm = { fields: Record<string, string>; files: Record<string, UploadedFile[]> };

const LIMIT_CODES = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Reads a multipart/form-data request into its text fields and files (kept in memory, each at most
 * `maxFileBytes`). A non-multipart request answers `notMultipart`; a file over the limit `tooLarge`; a
 * truncated or malformed body MULTIPART_INVALID. Field names, values and file names follow the same
 * text rule as JSON input (plugins/input-guard.ts).
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
      if (part.type === 'file') {
        const file = { filename: part.filename, buffer: await part.toBuffer() };
        form.files[part.fieldname] = [...(form.files[part.fieldname] ?? []), file];
      } else {
        // A field cut at `fieldSize` would be read as a different value (a JSON cut in half, a remark
        // without its end): refused as too large, never taken as it is.
        if (part.valueTruncated) throw new AppError('PAYLOAD_TOO_LARGE');
        form.fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (error instanceof AppError) throw error;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw options.tooLarge;
    if (LIMIT_CODES.has(code)) throw new AppError('PAYLOAD_TOO_LARGE');
    request.log.info({ err: error }, 'malformed multipart body');
    throw new AppError('MULTIPART_INVALID');
  }
  const names = Object.fromEntries(
    Object.entries(form.files).map(([field, files]) => [field, files.map((file) => file.filename ?? '')]),
  );
  const found = findUnsafeText(form.fields) ?? findUnsafeText(names);
  if (found) throw validationError([{ path: found.path, message: found.message }]);
  return form;
}
