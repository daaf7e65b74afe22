import { workers } from "@/lib/db/schema";
import { signOff } from "@/lib/transcription/worker-registry";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { checkoutLanguages, serverLanguages } from "./server-languages";

// A web host without a worker of its own goes by what the live workers can do (offeredEngine).
describe.each(BACKENDS.slice(0, 1))("what this server transcribes, on %s", (_name, open) => {
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx", WORKER_IN_APP: "false" });
  const t = useOpenedDatabase(open);
  const pro = { languageTiers: ["core", "extended"] };

  it("says nothing while no engine runs: an outage is not what the plans give", async () => {
    expect(await serverLanguages(t.db)).toBeNull();
    expect(await checkoutLanguages(t.db, pro)).toEqual({ count: 33, note: null });
  });

  it("an English-only engine: its one language, and at checkout what it does of the plan's", async () => {
    await t.db.insert(workers).values({ id: "w-en", host: "h1", engine: "sphinx", problem: null, capacity: 1 });
    expect(await serverLanguages(t.db)).toEqual(["en"]);
    expect(await checkoutLanguages(t.db, pro)).toEqual({ count: 33, note: "This server transcribes 1 of them today: English." });
    await signOff(t.db, "w-en");
  });
});
