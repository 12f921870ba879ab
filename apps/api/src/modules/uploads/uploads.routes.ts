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
import { notFound } from '../../platform/errors';
import { IMMUTABLE_CACHE_CONTROL, isSafeImageName, UPLOADS_URL_PREFIX, uploadsDir } from './image-storage';
import { uploadImage } from './uploads.service';

/** How long a browser may keep an image's redirect: a day, so a new S3_PUBLIC_URL is followed soon enough. */
const UPLOAD_REDIRECT_CACHE_CONTROL = 'public, max-age=86400';

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.deps.config.s3) {
    // Images live in the bucket: an instance reached without the balancer or CDN in front sends the browser
    // there. Only a name the shop could have made is redirected, so the answer never leads to another host
    // or path; and a request that would be sent back to this very address is a 404, not a redirect loop.
    app.get<{ Params: { name: string } }>(
      `${UPLOADS_URL_PREFIX}:name`,
      { config: { auth: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const { name } = request.params;
        const target = isSafeImageName(name) ? new URL(app.deps.imageStorage.url(name)) : undefined;
        const here = new URL(`${request.protocol}://${request.host}${request.url.split('?')[0]}`);
        if (!target || target.href === here.href) {
          throw notFound(`Not found: GET ${request.url}`);
        }
        return reply.header('Cache-Control', UPLOAD_REDIRECT_CACHE_CONTROL).redirect(target.href, 302);
      },
    );
  } else {
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
  }

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
