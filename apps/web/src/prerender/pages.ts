// The pages the build paints ahead (apps/web/scripts/prerender.mjs builds this file for Node).
export { renderLogin } from './login-markup';
export { PLACEHOLDER_SCRIPT_DATA, renderSignedIn } from './signed-in-markup';
