/**
 * POST /v1/ai-speech-classifier: decodes the upload (any accepted audio or video type, its first
 * MAX_CLASSIFIER_SECONDS) to 16 kHz mono and looks for this installation's watermark (decision 100).
 * Nothing is stored: the answer is computed and returned.
 */
import { runFfmpeg } from '@vocalis/speech/audio/ffmpeg';
import { classifyPcm } from '@vocalis/speech/watermark/classify';
import { DETECT_RATE } from '@vocalis/speech/watermark/scheme';
import {
  classifierUploadRefusal,
  classifierVerdict,
  MAX_CLASSIFIER_SECONDS,
} from '@vocalis/domain/ai-classifier';
import type { AiClassifierResponse } from '@vocalis/contracts/ai-classifier';
import { AppError, badRequest } from '../../errors';
import { presentClassification } from './ai-classifier.presenter';

/** One uploaded file as the multipart parser hands it over. */
export interface ClassifierUpload {
  filename: string;
  mimetype: string;
  data: Buffer;
  truncated: boolean;
}

const isUpload = (f: unknown): f is ClassifierUpload =>
  typeof f === 'object' && f !== null && Buffer.isBuffer((f as ClassifierUpload).data);

export class AiClassifierService {
  constructor(private readonly watermarkKey: string) {}

  async classify(input: { file?: unknown }): Promise<AiClassifierResponse> {
    if (Array.isArray(input.file))
      throw badRequest('Send one audio file as the `file` field.', 'too_many_files');
    if (input.file !== undefined && input.file !== '' && !isUpload(input.file))
      throw badRequest(
        'file must be an audio file sent as a multipart/form-data part named file.',
        'invalid_file',
      );
    const file = isUpload(input.file) ? input.file : undefined;
    const refused = classifierUploadRefusal(file && { ...file, size: file.data.byteLength });
    if (refused) throw new AppError(refused.status, refused.code, refused.message);
    const pcm = await this.decode(file!);
    const c = classifyPcm(pcm, this.watermarkKey);
    return presentClassification(c, classifierVerdict(c.generatedHere, c.analysedSeconds));
  }

  private async decode(file: ClassifierUpload): Promise<Int16Array> {
    let raw: Uint8Array;
    try {
      raw = await runFfmpeg(
        [
          '-t',
          String(MAX_CLASSIFIER_SECONDS),
          '-i',
          'in.bin',
          '-vn',
          '-ac',
          '1',
          '-ar',
          String(DETECT_RATE),
          '-f',
          's16le',
          'out.raw',
        ],
        { 'in.bin': new Uint8Array(file.data.buffer, file.data.byteOffset, file.data.byteLength) },
        'out.raw',
      );
    } catch {
      throw badRequest(`${file.filename} could not be decoded as audio.`, 'invalid_audio');
    }
    if (raw.byteLength < 2) throw badRequest(`${file.filename} holds no audio.`, 'invalid_audio');
    return new Int16Array(
      raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength - (raw.byteLength % 2)),
    );
  }
}
