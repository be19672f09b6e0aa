import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dockerRoutes as routes } from '@hostdeck/contracts/docker';
import type { AreaContext } from '../area.js';
import { route } from '../http/route.js';
import type { DockerAreaServices } from './docker.area.js';

/** Images, volumes, networks, published ports and daemon settings (containers: containers/). */
export const dockerRoutes: FastifyPluginAsyncZod<AreaContext<DockerAreaServices>> = async (app, context) => {
  const { dockerService: docker } = context;

  route(app, routes.images, {}, ({ user, params }) => docker.images(user, params.server));
  route(app, routes.image, {}, ({ user, params }) => docker.image(user, params.server, params.image));
  route(app, routes.deleteImage, { status: 201 }, ({ user, params, query }) =>
    docker.deleteImage(user, params.server, params.image, query.force),
  );
  route(app, routes.imagesPrunePreview, {}, ({ user, params, query }) =>
    docker.imagesPrunePreview(user, params.server, query.all),
  );
  route(app, routes.pruneImages, { status: 201 }, ({ user, params, body }) =>
    docker.pruneImages(user, params.server, body.all),
  );

  route(app, routes.volumes, {}, ({ user, params }) => docker.volumes(user, params.server));
  route(app, routes.createVolume, { status: 201 }, ({ user, params, body }) =>
    docker.createVolume(user, params.server, body.name),
  );
  route(app, routes.deleteVolume, { status: 201 }, ({ user, params }) =>
    docker.deleteVolume(user, params.server, params.volume),
  );
  route(app, routes.cloneVolume, { status: 201 }, ({ user, params, body }) =>
    docker.cloneVolume(user, params.server, params.volume, body.name),
  );
  route(app, routes.volumesPrunePreview, {}, ({ user, params }) =>
    docker.volumesPrunePreview(user, params.server),
  );
  route(app, routes.pruneVolumes, { status: 201 }, ({ user, params }) =>
    docker.pruneVolumes(user, params.server),
  );

  route(app, routes.networks, {}, ({ user, params }) => docker.networks(user, params.server));
  route(app, routes.createNetwork, { status: 201 }, ({ user, params, body }) =>
    docker.createNetwork(user, params.server, body.name),
  );
  route(app, routes.deleteNetwork, { status: 201 }, ({ user, params }) =>
    docker.deleteNetwork(user, params.server, params.network),
  );
  route(app, routes.networksPrunePreview, {}, ({ user, params }) =>
    docker.networksPrunePreview(user, params.server),
  );
  route(app, routes.pruneNetworks, { status: 201 }, ({ user, params }) =>
    docker.pruneNetworks(user, params.server),
  );

  route(app, routes.publishedPorts, {}, ({ user, params }) => docker.publishedPorts(user, params.server));
  route(app, routes.settings, {}, ({ user, params }) => docker.settings(user, params.server));
  route(app, routes.applySettings, { status: 201 }, ({ user, params, body }) =>
    docker.applySettings(user, params.server, body),
  );
};
