// The sessions contract on a Sentinel-managed Redis master with one replica (`bash .ci/redis-sentinel.sh start`).
import { runOnRedisTopology } from "./suites";

runOnRedisTopology("sentinel");
