package dev.big.bench.engine;

import java.util.BitSet;
import org.roaringbitmap.CharIterator;
import org.roaringbitmap.Container;

/** The benchmark states of one fragment file, set up the way JMH would, for tests. */
final class OpenFragment implements AutoCloseable {

    final FragmentFile file = new FragmentFile();
    final FragmentReader reader = new FragmentReader();

    OpenFragment(boolean memo) {
        file.memo = memo;
        file.seed = 7;
        file.open();
        reader.begin(file);
    }

    FragmentShape shape() {
        return file.shape;
    }

    /** The bits of a heap container, read through its own iterator (not through big's code). */
    static BitSet bits(Container container) {
        BitSet bits = new BitSet(1 << 16);
        CharIterator values = container.getCharIterator();
        while (values.hasNext()) {
            bits.set(values.next());
        }
        return bits;
    }

    /** The bits of a found container. */
    static BitSet bits(dev.big.engine.tree.ContainerView view) {
        long[] words = new long[1024];
        view.copyWordsTo(words);
        return BitSet.valueOf(words);
    }

    @Override
    public void close() {
        reader.end();
        file.close();
    }
}
