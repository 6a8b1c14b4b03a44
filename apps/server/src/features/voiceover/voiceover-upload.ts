import type { MultipartFile } from '@fastify/multipart';
import type { UploadedFile } from '../voices/voice-samples';

/** Reads a multipart file part whole (up to the size limit, then marked truncated) into the body. */
export async function collectFile(part: MultipartFile): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  const file: UploadedFile = {
    filename: part.filename,
    mimetype: part.mimetype,
    data: Buffer.concat(chunks),
    truncated: part.file.truncated,
  };
  (part as unknown as { value: UploadedFile }).value = file;
}
