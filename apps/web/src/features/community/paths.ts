import { paths } from '../../lib/paths';

/** The community's routes, as lib/paths.ts names them. */
export const communityPaths = {
  home: paths.community,
  group: paths.group,
  post: paths.post,
  write: paths.writePost,
  edit: paths.editPost,
};
