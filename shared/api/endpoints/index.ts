// Every endpoint of the public API, in documentation order. A unit test checks
// that this list and the route files under app/api/v1 describe the same API.
import type { Endpoint } from "../endpoint";
import * as health from "./health";

export const endpoints: Endpoint[] = [health.getHealth, health.getReadiness] as Endpoint[];
