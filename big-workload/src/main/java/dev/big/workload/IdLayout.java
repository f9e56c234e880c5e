package dev.big.workload;

/**
 * How the i-th generated record gets its id. The layout decides how many shards (2^20 ids each)
 * the records touch, which is what write amplification and per-fragment costs depend on.
 *
 * <ul>
 *   <li>{@code dense}: record {@code i} gets id {@code i}; N records fill {@code ceil(N / 2^20)}
 *       shards.</li>
 *   <li>{@code sparse/k}: records are dealt round-robin over {@code k} shards: record {@code i}
 *       gets id {@code (i % k) * 2^20 + (i / k)}, so every run of {@code k} consecutive records
 *       touches {@code k} different shards.</li>
 * </ul>
 */
public sealed interface IdLayout {

    /** Ids per shard, as in big's addressing ({@code shard = id >>> 20}). */
    long SHARD_WIDTH = 1L << 20;

    /** The id of the {@code index}-th record. */
    long idOf(long index);

    /** The layout's name as {@link #parse} reads it: {@code dense} or {@code sparse/<k>}. */
    String name();

    /** Ids {@code 0, 1, 2, ...}. */
    record Dense() implements IdLayout {
        @Override
        public long idOf(long index) {
            return index;
        }

        @Override
        public String name() {
            return "dense";
        }
    }

    /** Ids dealt round-robin over {@code shards} shards. */
    record Sparse(int shards) implements IdLayout {
        public Sparse {
            if (shards < 1) {
                throw new IllegalArgumentException("a sparse layout needs at least one shard, got " + shards);
            }
        }

        @Override
        public long idOf(long index) {
            long indexInShard = index / shards;
            if (indexInShard >= SHARD_WIDTH) {
                throw new IllegalArgumentException("record " + index + " does not fit " + shards
                        + " shards of 2^20 ids; use more shards or fewer records");
            }
            return (index % shards) * SHARD_WIDTH + indexInShard;
        }

        @Override
        public String name() {
            return "sparse/" + shards;
        }
    }

    /** Reads {@code dense}, {@code sparse/64}, {@code sparse/512}, ... (the form JMH params use). */
    static IdLayout parse(String name) {
        if (name.equals("dense")) {
            return new Dense();
        }
        if (name.startsWith("sparse/")) {
            try {
                return new Sparse(Integer.parseInt(name.substring("sparse/".length())));
            } catch (NumberFormatException e) {
                // fall through to the message below
            }
        }
        throw new IllegalArgumentException("unknown id layout '" + name + "'; expected dense or sparse/<shards>, e.g. sparse/64");
    }
}
