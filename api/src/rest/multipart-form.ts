import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { controlCharacterError, findControlCharacter } from '../http/control-characters';
import { badInput } from '../kernel/errors';

export interface FormOptions {
  /** The name of the form's one file part; other file parts are skipped. */
  fileField: string;
  maxFileBytes: number;
  /** The message of the 400 for a body that is not a readable multipart form. */
  notMultipart: string;
  /** busboy's buffer sizes, for a file streamed on to storage. */
  bufferBytes?: number;
}

export interface FormEvents {
  /** A text field, free of control characters. */
  field(name: string, value: string): void;
  /** The file part, its name checked; its stream emits 'limit' past `maxFileBytes`. */
  file(stream: Readable, info: busboy.FileInfo): void;
  /** A field or the file name held a control character, or the form is malformed. */
  fail(err: Error): void;
  /** The whole form has been read. */
  close(): void;
}

/**
 * Reads a multipart form from the request into `events`, with the edge checks every form gets: a
 * few small fields, one file, no control character in a field or the file name. Throws the 400
 * when the request is not multipart at all. Returns the parser, for a caller that must stop it.
 */
export function readMultipartForm(req: Request, options: FormOptions, events: FormEvents): busboy.Busboy {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      ...(options.bufferBytes ? { highWaterMark: options.bufferBytes, fileHwm: options.bufferBytes } : {}),
      // busboy marks a file truncated once it *reaches* fileSize; one byte more lets the maximum through.
      limits: { fileSize: options.maxFileBytes + 1, files: 1, fields: 4, fieldSize: 1024, parts: 8 },
    });
  } catch {
    throw badInput(options.notMultipart);
  }
  let fileSeen = false;
  parser.on('field', (name, value) => {
    const problem = findControlCharacter(value, name);
    if (problem) events.fail(controlCharacterError(problem));
    else events.field(name, value);
  });
  parser.on('file', (name, stream, info) => {
    if (name !== options.fileField || fileSeen) return void stream.resume();
    // The file name becomes the session's title: the same edge check as every other text.
    if (findControlCharacter(info.filename ?? '', name)) {
      stream.resume();
      return events.fail(controlCharacterError({ field: name, path: 'The file name' }));
    }
    fileSeen = true;
    events.file(stream, info);
  });
  parser.on('close', () => events.close());
  parser.on('error', () => events.fail(badInput(options.notMultipart)));
  req.pipe(parser);
  return parser;
}
