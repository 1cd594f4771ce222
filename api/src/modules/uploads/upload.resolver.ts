import type { Readable } from 'node:stream';
import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import { Arg, Args, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { badInput, DomainError } from '../../kernel/errors';
import { Session } from '../../kernel/entities/session.entity';
import { SessionFileArgs } from './session-file.args';
import { UPLOAD_MESSAGES } from './upload.rules';
import { interrupted, tooLarge } from './upload.service';
import { sizeLimited, uploadAbortSignal } from './upload-stream';

@Resolver()
export class UploadResolver {
  @Mutation(() => Session, {
    description:
      'Uploads a recording (GraphQL multipart request) into a campaign the caller owns; the session starts ' +
      'PROCESSING at stage "queued". Same checks and messages as POST /upload/.',
  })
  async uploadSession(
    @Args(() => SessionFileArgs) { campaignId, title, playedOn }: SessionFileArgs,
    // The scalar's value is a promise of the file; type-graphql awaits arguments before the call.
    @Arg('file', () => GraphQLUpload) upload: FileUpload,
    @Ctx() ctx: GqlContext,
  ): Promise<Session> {
    // Over a WebSocket there is no multipart body to read the file from.
    if (!ctx.req) throw badInput(UPLOAD_MESSAGES.notMultipart);
    const body = sizeLimited(openStream(upload));
    return ctx.services.uploads
      .upload(ctx.viewer, {
        campaignId,
        file: { fileName: upload.filename, mimeType: upload.mimetype, body },
        details: { title: title ?? undefined, playedOn: playedOn ?? undefined },
        signal: uploadAbortSignal({ res: ctx.res }),
      })
      .catch((err: unknown) => uploadError(err, body.errored != null));
  }
}

/**
 * graphql-upload-minimal fails the file stream with its own HTTP errors: 413 for the size limit
 * (also thrown by createReadStream when hit before the resolver ran), 499 for a client that went
 * away; busboy's own errors (a body cut off mid-file) carry no status but broke the file stream.
 * They become the api's errors, so they are not logged as server faults.
 */
function uploadError(err: unknown, fileStreamFailed = false): never {
  if (err instanceof DomainError) throw err;
  const status = (err as { status?: number }).status;
  if (status === 413) throw tooLarge();
  if (status === 499 || fileStreamFailed) throw interrupted();
  throw err;
}

/** The file's stream; it throws the stream's own failure when the body broke before the resolver ran. */
function openStream(upload: FileUpload): Readable {
  try {
    return upload.createReadStream();
  } catch (err) {
    return uploadError(err, true);
  }
}
