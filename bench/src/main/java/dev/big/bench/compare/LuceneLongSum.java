package dev.big.bench.compare;

import java.io.IOException;
import java.util.Collection;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.SimpleCollector;

/**
 * Sums one numeric doc-values field over the documents a Lucene query matches, without scoring:
 * Lucene's way of computing {@code sum(field) where ...}.
 */
final class LuceneLongSum extends SimpleCollector {

    private final String field;
    private NumericDocValues values;
    private long sum;

    private LuceneLongSum(String field) {
        this.field = field;
    }

    /** A manager for {@code IndexSearcher.search(query, manager)} that returns the total. */
    static CollectorManager<LuceneLongSum, Long> of(String field) {
        return new CollectorManager<>() {
            @Override
            public LuceneLongSum newCollector() {
                return new LuceneLongSum(field);
            }

            @Override
            public Long reduce(Collection<LuceneLongSum> collectors) {
                long total = 0;
                for (LuceneLongSum collector : collectors) {
                    total += collector.sum;
                }
                return total;
            }
        };
    }

    @Override
    protected void doSetNextReader(LeafReaderContext context) throws IOException {
        values = DocValues.getNumeric(context.reader(), field);
    }

    @Override
    public void collect(int doc) throws IOException {
        if (values.advanceExact(doc)) {
            sum += values.longValue();
        }
    }

    @Override
    public ScoreMode scoreMode() {
        return ScoreMode.COMPLETE_NO_SCORES;
    }
}
