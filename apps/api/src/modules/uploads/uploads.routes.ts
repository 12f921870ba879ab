import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import { apiPaths } from '@shop/contract/api-paths';
import {
  LEGACY_UPLOAD_IMAGE_PATH,
  UPLOAD_BODY_LIMIT,
  uploadImageRequestSchema,
  uploadImageResponseSchema,
} from '@shop/contract/uploads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/context';
import { IMMUTABLE_CACHE_CONTROL, UPLOADS_URL_PREFIX, uploadsDir } from './image-storage';
import { uploadImage } from './uploads.service';

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = uploadsDir(app.deps.config);
  fs.mkdirSync(dir, { recursive: true });
  // A missing file falls through to the app's not-found handler, which answers JSON for /uploads/.
  await app.register(fastifyStatic, {
    root: dir,
    prefix: UPLOADS_URL_PREFIX,
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders(res) {
      res.header('Cache-Control', IMMUTABLE_CACHE_CONTROL);
    },
  });

  // The original API's clients post to /uploadImage; the guard reads config.auth on every route.
  for (const url of [apiPaths.uploadImage, LEGACY_UPLOAD_IMAGE_PATH]) {
    app.post(
      url,
      {
        bodyLimit: UPLOAD_BODY_LIMIT,
        config: { auth: 'admin' },
        schema: {
          tags: ['uploads'],
          summary: 'Upload one product image (admin); answers its URL',
          body: uploadImageRequestSchema,
          response: { 200: uploadImageResponseSchema },
        },
      },
      async (request, reply) => {
        const url = await uploadImage(contextOf(request), app.deps.imageStorage, request.body.image);
        // Fastify sends a bare string as text; the contract's answer is a JSON string.
        return reply.type('application/json').send(JSON.stringify(url));
      },
    );
  }
};
