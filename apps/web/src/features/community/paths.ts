import { paths } from '../../app/paths';

/** The community's routes, as app/paths.ts names them. */
export const communityPaths = {
  home: paths.community,
  group: paths.group,
  post: paths.post,
  write: paths.writePost,
  edit: paths.editPost,
};
