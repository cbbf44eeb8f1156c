import io.shmemtrace.openshmem.Pe;
import io.shmemtrace.openshmem.Shmem;
import io.shmemtrace.openshmem.SymmetricLongs;

/**
 * A ring on every PE: each PE puts a block to its right neighbour, then everyone adds up what arrived with a
 * reduction and counts arrivals with an atomic on PE 0.
 *
 *   oshrun -np 4 java -cp dist/lib/openshmem-java.jar examples/java/Ring.java [ROUNDS]
 */
public class Ring {
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        try (Pe me = Shmem.init()) {
            int right = (me.myPe() + 1) % me.nPes();
            SymmetricLongs inbox = me.allocateLongs(4);
            SymmetricLongs counter = me.allocateLongs(1);
            SymmetricLongs sum = me.allocateLongs(4);
            long[] block = new long[4];
            for (int round = 0; round < rounds; round++) {
                for (int i = 0; i < block.length; i++) block[i] = 1000L * round + 10L * me.myPe() + i;
                inbox.put(0, block, right);
                counter.add(0, 1, 0);
                me.barrierAll();
            }
            long[] got = new long[4];
            inbox.get(0, got, me.myPe());
            sum.sumToAll(inbox, 4);
            long[] total = new long[4];
            sum.get(0, total, me.myPe());
            me.barrierAll();
            System.out.println(String.format("PE %d of %d: last block from PE %d = %d..%d, sum over PEs of element 0 = %d%s",
                    me.myPe(), me.nPes(), (me.myPe() + me.nPes() - 1) % me.nPes(), got[0], got[3], total[0],
                    me.myPe() == 0 ? ", arrivals counted on PE 0 = " + counter.g(0, 0) : ""));
        }
    }
}
