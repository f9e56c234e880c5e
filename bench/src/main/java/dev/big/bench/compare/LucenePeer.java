package dev.big.bench.compare;

import dev.big.bench.BenchFiles;
import dev.big.workload.Event;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.MMapDirectory;
import org.apache.lucene.util.BytesRef;

/**
 * Lucene 10 over an {@link MMapDirectory} in a directory of its own: one document per event,
 * committed every batch and force-merged to one segment after the load (the best case for reads).
 *
 * <pre>
 * id, value, received_at   LongPoint (ranges, exact id) + NumericDocValuesField (read, sort)
 * size                     NumericDocValuesField (summed)
 * type                     StringField (term queries, per-type counts) + SortedDocValuesField (read)
 * verified                 StringField "true"/"false" + NumericDocValuesField 1/0 (read)
 * tags                     StringField per tag + SortedSetDocValuesField per tag (read)
 * </pre>
 *
 * <p>Counts use {@link IndexSearcher#count}, which answers point ranges and single terms from the
 * index structures when it can. The query cache is off: repeating a benchmark question must not
 * turn into a cache lookup. Per-type counts come from the terms' document frequencies, which are
 * exact because nothing is ever deleted.
 */
public final class LucenePeer implements PeerEngine {

    private static final String ID = "id";
    private static final String VALUE = "value";
    private static final String TYPE = "type";
    private static final String VERIFIED = "verified";
    private static final String RECEIVED_AT = "received_at";
    private static final String SIZE = "size";
    private static final String TAGS = "tags";

    private final Path dir;
    private final MMapDirectory directory;
    private DirectoryReader reader;
    private IndexSearcher searcher;

    private LucenePeer(Path dir, MMapDirectory directory) {
        this.dir = dir;
        this.directory = directory;
    }

    /** An empty index in {@code dir}, which must be empty or missing. */
    public static LucenePeer create(Path dir) throws IOException {
        Files.createDirectories(dir);
        return new LucenePeer(dir, new MMapDirectory(dir));
    }

    @Override
    public String name() {
        return "lucene";
    }

    @Override
    public void load(Iterable<Event> events, int batchSize) throws IOException {
        if (reader != null) {
            throw new IllegalStateException("lucene peer: load is called once, on an empty index");
        }
        IndexWriterConfig config = new IndexWriterConfig().setOpenMode(IndexWriterConfig.OpenMode.CREATE);
        try (IndexWriter writer = new IndexWriter(directory, config)) {
            int inBatch = 0;
            for (Event event : events) {
                writer.addDocument(document(event));
                if (++inBatch == batchSize) {
                    writer.commit();
                    inBatch = 0;
                }
            }
            writer.forceMerge(1);
            writer.commit();
        }
        reader = DirectoryReader.open(directory);
        searcher = new IndexSearcher(reader);
        searcher.setQueryCache(null);
    }

    private static Document document(Event event) {
        Document doc = new Document();
        doc.add(new LongPoint(ID, event.id()));
        doc.add(new NumericDocValuesField(ID, event.id()));
        doc.add(new LongPoint(VALUE, event.value()));
        doc.add(new NumericDocValuesField(VALUE, event.value()));
        doc.add(new StringField(TYPE, event.type(), Field.Store.NO));
        doc.add(new SortedDocValuesField(TYPE, new BytesRef(event.type())));
        doc.add(new StringField(VERIFIED, Boolean.toString(event.verified()), Field.Store.NO));
        doc.add(new NumericDocValuesField(VERIFIED, event.verified() ? 1 : 0));
        doc.add(new LongPoint(RECEIVED_AT, event.receivedAt()));
        doc.add(new NumericDocValuesField(RECEIVED_AT, event.receivedAt()));
        doc.add(new NumericDocValuesField(SIZE, event.size()));
        for (String tag : event.tags()) {
            doc.add(new StringField(TAGS, tag, Field.Store.NO));
            doc.add(new SortedSetDocValuesField(TAGS, new BytesRef(tag)));
        }
        return doc;
    }

    @Override
    public long pointReadValue(long id) {
        try {
            int doc = docOf(id);
            if (doc < 0) {
                return ABSENT;
            }
            LeafReaderContext leaf = leafOf(doc);
            return numeric(leaf.reader(), VALUE, doc - leaf.docBase);
        } catch (IOException e) {
            throw failed("pointReadValue(" + id + ")", e);
        }
    }

    @Override
    public long countValueAtLeast(long threshold) {
        return count("countValueAtLeast(" + threshold + ")", LongPoint.newRangeQuery(VALUE, threshold, Long.MAX_VALUE));
    }

    @Override
    public long countReceivedBetween(long fromMillis, long toMillisInclusive) {
        return count("countReceivedBetween(" + fromMillis + ", " + toMillisInclusive + ")",
                LongPoint.newRangeQuery(RECEIVED_AT, fromMillis, toMillisInclusive));
    }

    @Override
    public long countTypeVerifiedBetween(String type, long fromMillis, long toMillisInclusive) {
        Query query = new BooleanQuery.Builder()
                .add(new TermQuery(new Term(TYPE, type)), BooleanClause.Occur.FILTER)
                .add(new TermQuery(new Term(VERIFIED, "true")), BooleanClause.Occur.FILTER)
                .add(LongPoint.newRangeQuery(RECEIVED_AT, fromMillis, toMillisInclusive), BooleanClause.Occur.FILTER)
                .build();
        return count("countTypeVerifiedBetween(" + type + ", " + fromMillis + ", " + toMillisInclusive + ")", query);
    }

    @Override
    public long countVerified(boolean verified) {
        return count("countVerified(" + verified + ")", new TermQuery(new Term(VERIFIED, Boolean.toString(verified))));
    }

    @Override
    public long countType(String type) {
        return count("countType(" + type + ")", new TermQuery(new Term(TYPE, type)));
    }

    @Override
    public Map<String, Long> countByType() {
        Map<String, Long> counts = new TreeMap<>();
        try {
            for (LeafReaderContext leaf : reader.leaves()) {
                Terms terms = leaf.reader().terms(TYPE);
                if (terms == null) {
                    continue;
                }
                TermsEnum values = terms.iterator();
                for (BytesRef value = values.next(); value != null; value = values.next()) {
                    counts.merge(value.utf8ToString(), (long) values.docFreq(), Long::sum);
                }
            }
            return counts;
        } catch (IOException e) {
            throw failed("countByType()", e);
        }
    }

    @Override
    public long sumSizeOfType(String type) {
        try {
            return searcher.search(new TermQuery(new Term(TYPE, type)), LuceneLongSum.of(SIZE));
        } catch (IOException e) {
            throw failed("sumSizeOfType(" + type + ")", e);
        }
    }

    @Override
    public long[] latestIds(int limit) {
        return sortedIds("latestIds(" + limit + ")", new MatchAllDocsQuery(), limit, true);
    }

    @Override
    public long[] idsAfter(long cursor, int limit) {
        String question = "idsAfter(" + cursor + ", " + limit + ")";
        if (cursor == Long.MAX_VALUE) {
            return new long[0];
        }
        return sortedIds(question, LongPoint.newRangeQuery(ID, cursor + 1, Long.MAX_VALUE), limit, false);
    }

    @Override
    public Event byId(long id) {
        try {
            int doc = docOf(id);
            if (doc < 0) {
                return null;
            }
            LeafReaderContext leaf = leafOf(doc);
            LeafReader segment = leaf.reader();
            int local = doc - leaf.docBase;
            SortedDocValues types = DocValues.getSorted(segment, TYPE);
            String type = types.advanceExact(local) ? types.lookupOrd(types.ordValue()).utf8ToString() : null;
            List<String> tags = new ArrayList<>();
            SortedSetDocValues tagValues = DocValues.getSortedSet(segment, TAGS);
            if (tagValues.advanceExact(local)) {
                for (int i = 0; i < tagValues.docValueCount(); i++) {
                    tags.add(tagValues.lookupOrd(tagValues.nextOrd()).utf8ToString());
                }
            }
            return new Event(numeric(segment, ID, local), numeric(segment, VALUE, local), type,
                    numeric(segment, VERIFIED, local) == 1, numeric(segment, RECEIVED_AT, local),
                    numeric(segment, SIZE, local), tags);
        } catch (IOException e) {
            throw failed("byId(" + id + ")", e);
        }
    }

    @Override
    public long sizeOnDiskBytes() {
        return BenchFiles.sizeBytes(dir);
    }

    @Override
    public void close() {
        try {
            try {
                if (reader != null) {
                    reader.close();
                }
            } finally {
                directory.close();
            }
        } catch (IOException e) {
            throw failed("close()", e);
        }
    }

    /** The global doc id of record {@code id}, or -1. */
    private int docOf(long id) throws IOException {
        TopDocs hits = searcher.search(LongPoint.newExactQuery(ID, id), 1);
        return hits.scoreDocs.length == 0 ? -1 : hits.scoreDocs[0].doc;
    }

    private LeafReaderContext leafOf(int doc) {
        List<LeafReaderContext> leaves = reader.leaves();
        return leaves.get(ReaderUtil.subIndex(doc, leaves));
    }

    /** Field {@code field} of segment-local document {@code doc}; every document has every numeric field. */
    private static long numeric(LeafReader segment, String field, int doc) throws IOException {
        NumericDocValues values = DocValues.getNumeric(segment, field);
        if (!values.advanceExact(doc)) {
            throw new IllegalStateException("document " + doc + " has no " + field);
        }
        return values.longValue();
    }

    private long count(String question, Query query) {
        try {
            return searcher.count(query);
        } catch (IOException e) {
            throw failed(question, e);
        }
    }

    private long[] sortedIds(String question, Query query, int limit, boolean descending) {
        if (limit <= 0) {
            return new long[0];
        }
        try {
            Sort byId = new Sort(new SortField(ID, SortField.Type.LONG, descending));
            ScoreDoc[] hits = searcher.search(query, limit, byId).scoreDocs;
            long[] ids = new long[hits.length];
            for (int i = 0; i < hits.length; i++) {
                ids[i] = (Long) ((FieldDoc) hits[i]).fields[0];
            }
            return ids;
        } catch (IOException e) {
            throw failed(question, e);
        }
    }

    private PeerEngineException failed(String question, IOException e) {
        return new PeerEngineException(name(), question, e);
    }
}
