import { limits } from '@uap/domain';

/** Below 700 px the top bar collapses into a menu (spec 1 §1). */
export const narrowLayoutQuery = `(max-width:${limits.narrowLayoutPx - 0.05}px)`;

export const drawerWidth = 264;
