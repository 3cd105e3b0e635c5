import { createContext } from 'react';

/** Whether a shared TooltipProvider is mounted above; a lone tooltip brings its own. */
export const TooltipProviderMounted = createContext(false);
