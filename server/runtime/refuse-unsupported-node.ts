// Imported first by `npm start` and `npm test`: module bodies run in import
// order, so this refuses an unsupported Node before any other module loads.
import { exitUnlessSupportedNode } from "./supported-node";

exitUnlessSupportedNode();
