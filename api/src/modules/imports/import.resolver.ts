import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import { Arg, Args, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { badInput, DomainError } from '../../kernel/errors';
import { Session } from '../../kernel/entities/session.entity';
import { transcriptTooLarge } from './import.service';
import { SessionFileArgs } from '../uploads';
import { IMPORT_MESSAGES } from './import.rules';

@Resolver()
export class ImportResolver {
  @Mutation(() => Session, {
    description:
      'Creates a session from a transcript file (GraphQL multipart request: WebVTT, SubRip or plain text, told ' +
      'by its content; at most 5 MB) in a campaign the caller owns. The session starts PROCESSING at stage ' +
      '"queued" and goes through table talk, summaries and indexing like a recording; no audio hours are ' +
      'charged. Same checks and messages as POST /api/import_transcript/.',
  })
  async importSession(
    @Args(() => SessionFileArgs) { campaignId, title, playedOn }: SessionFileArgs,
    @Arg('file', () => GraphQLUpload) upload: FileUpload,
    @Ctx() ctx: GqlContext,
  ): Promise<Session> {
    if (!ctx.req) throw badInput(IMPORT_MESSAGES.notMultipart);
    let body;
    try {
      body = upload.createReadStream();
    } catch (err) {
      throw importError(err);
    }
    try {
      return await ctx.services.imports.importTranscript(ctx.viewer, {
        campaignId,
        file: { fileName: upload.filename, body },
        title: title ?? undefined,
        playedOn: playedOn ?? undefined,
      });
    } catch (err) {
      // A refusal before the file was read: the rest of the request body is not wanted.
      body.resume();
      throw importError(err);
    }
  }
}

/** graphql-upload-minimal's own HTTP errors (413: over its size limit) as the api's. */
function importError(err: unknown): unknown {
  if (err instanceof DomainError) return err;
  if ((err as { status?: number }).status === 413) return transcriptTooLarge();
  return err;
}
