// The sessions contract on a real Redis Cluster (3 masters + 3 replicas, `bash .ci/redis-cluster.sh
// start`): every family step must be one single-slot script, or the cluster refuses it.
import { runOnRedisTopology } from "./suites";

runOnRedisTopology("cluster");
