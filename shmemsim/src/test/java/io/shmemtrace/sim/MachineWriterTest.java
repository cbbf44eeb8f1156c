package io.shmemtrace.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.replay.machine.Machine;
import io.shmemtrace.replay.machine.MachineFile;
import io.shmemtrace.replay.machine.MachineWriter;
import io.shmemtrace.replay.model.CostTable;
import io.shmemtrace.replay.model.LogGP;
import org.junit.jupiter.api.Test;

/** The machine file has one owner: what its writer writes (shmembench calibrate), its reader reads back. */
class MachineWriterTest {
    @Test
    void whatIsWrittenReadsBack() throws Exception {
        LogGP onNode = new LogGP(1.25e-6, 2e-7, 3.5e-7, 4e-10);
        CostTable.Writer rows = new CostTable.Writer(4)
                .put(CostTable.Measured.CALL.key("put"), 8, 1e-6).put(CostTable.Measured.CALL.key("put"), 1024, 2e-6)
                .put(CostTable.STATIC + CostTable.Measured.COMPLETE.key("put"), 8, 3e-6);
        String text = new MachineWriter(8, onNode, null, 5.5e-6, rows, true, false, true, "a test").text();
        Machine m = MachineFile.parse("written.cfg", text);
        assertEquals(onNode, LogGP.of(m, true));
        assertEquals(onNode, LogGP.of(m, false), "one host: the on-node figures stand in");
        assertEquals(8, m.coresPerNode());
        assertEquals(new MachineFile.Progress(true, false), MachineFile.progress(m));
        assertTrue(MachineFile.messagesNeedSender(m));
        CostTable t = CostTable.of(m);
        assertEquals(1.5e-6, t.call(RecordType.PUT, 516), 1e-15, "halfway between the rows");
        assertEquals(3e-6, t.complete(RecordType.PUT, 8, CostTable.Where.STATIC), 1e-15);
    }
}
