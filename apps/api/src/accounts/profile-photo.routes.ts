import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountRoutes, PROFILE_PHOTO_MAX_BYTES } from '@hostdeck/contracts';
import { NotFoundError, ValidationError } from '../domain/errors.js';
import { route } from '../http/route.js';
import type { AccountRoutesOptions } from './accounts.routes.js';
import { PROFILE_PHOTO_ROUTE } from './profile-photos.js';

export const PHOTO_REQUIRED = 'Choose a photo to upload.';
export const PHOTO_TOO_LARGE = 'The photo must not be greater than 1024 kilobytes.';

/**
 * Profile photos: upload (multipart, one file field `photo`), delete, and serve. Multipart is
 * registered in this plugin's scope only: no other route accepts uploads by accident.
 */
export const profilePhotoRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { accounts }) => {
  await app.register(multipart, {
    limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });
  const unverified = { allowUnverified: true } as const;

  route(app, accountRoutes.uploadProfilePhoto, { config: unverified }, async ({ user, request }) => {
    if (!request.isMultipart()) throw new ValidationError({ photo: [PHOTO_REQUIRED] });
    const file = await request.file();
    if (!file || file.fieldname !== 'photo') throw new ValidationError({ photo: [PHOTO_REQUIRED] });
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError)
        throw new ValidationError({ photo: [PHOTO_TOO_LARGE] });
      throw error;
    }
    return accounts.presentUser(await accounts.profile.setProfilePhoto(user, bytes));
  });

  route(app, accountRoutes.deleteProfilePhoto, { config: unverified }, async ({ user }) =>
    accounts.presentUser(await accounts.profile.deleteProfilePhoto(user)),
  );

  /**
   * Any signed-in user may see a photo (team members see each other's); the name is 128 random
   * bits, and only names of the store's own grammar are looked up, so nothing else on disk is
   * reachable (SECURITY.md: path traversal).
   */
  app.get(
    `${PROFILE_PHOTO_ROUTE}/:file`,
    { schema: { params: z.object({ file: z.string() }) }, config: unverified },
    async (request, reply) => {
      const photo = await accounts.photos.read(request.params.file);
      if (!photo) throw new NotFoundError();
      return reply
        .type(photo.contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', 'inline')
        .send(photo.content);
    },
  );
};
