// The scope rule lives with the routing rule it feeds (request-lines/routing.ts).
export { provisioningScopeOf } from '../../request-lines/routing.ts';
