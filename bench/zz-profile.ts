import { execFileSync } from "node:child_process";
import { startBuiltApp } from "./built-app";
async function main() {
  const app = await startBuiltApp(undefined, {}, undefined, undefined, process.env.PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : []);
  const path = process.argv[2] ?? "/";
  execFileSync("/usr/bin/wrk", ["-t2", "-c50", "-d3s", `${app.baseUrl}${path}`]);
  console.log(execFileSync("/usr/bin/wrk", ["-t2", "-c50", "-d10s", "--latency", `${app.baseUrl}${path}`]).toString());
  await app.stop();
}
main();
