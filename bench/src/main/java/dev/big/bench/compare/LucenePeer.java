package dev.big.bench.compare;

import dev.big.bench.BenchFiles;
import dev.big.workload.Event;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * committed every batch (with a 128 MiB indexing buffer) and force-merged to one segment after the
 * load (the best case for reads). The index is sorted by id, newest first, as a Lucene user who
 * lists the latest events would sort it: without it, "the latest 50" of ascending ids is the worst
 * case of Lucene's sort pruning (every document beats the bottom of the queue) and measured about
 * 7 ms at 200,000 documents; with it, the search stops after 50 documents.
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

    private static final double LOAD_BUFFER_MIB = 128;

    /** An empty index in {@code dir}, which must be empty or missing. */
    public static LucenePeer create(Path dir) throws IOException {
        Files.createDirectories(dir);
        return new LucenePeer(dir, new MMapDirectory(dir));
    }

    /** The index an earlier {@link #load} left in {@code dir}. */
    public static LucenePeer open(Path dir) throws IOException {
        MMapDirectory directory = new MMapDirectory(dir);
        boolean success = false;
        try {
            if (!DirectoryReader.indexExists(directory)) {
                throw new IllegalArgumentException("no Lucene index in " + dir + "; load one first");
            }
            LucenePeer peer = new LucenePeer(dir, directory);
            peer.openReader();
            success = true;
            return peer;
        } finally {
            if (!success) {
                directory.close();
            }
        }
    }

    private void openReader() throws IOException {
        reader = DirectoryReader.open(directory);
        searcher = new IndexSearcher(reader);
        searcher.setQueryCache(null);
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
        IndexWriterConfig config = config().setRAMBufferSizeMB(LOAD_BUFFER_MIB);
        try (IndexWriter writer = new IndexWriter(directory, config)) {
            write(writer, events, batchSize);
            writer.forceMerge(1);
            writer.commit();
        }
        openReader();
    }

    @Override
    public void ingest(Iterable<Event> events, int batchSize) throws IOException {
        if (reader != null) {
            throw new IllegalStateException("lucene peer: ingest is called once, on an empty index");
        }
        try (IndexWriter writer = new IndexWriter(directory, config())) {
            write(writer, events, batchSize);
        }
    }

    private static final Sort NEWEST_FIRST = new Sort(new SortField(ID, SortField.Type.LONG, true));

    /** A new index, sorted newest first. */
    private static IndexWriterConfig config() {
        return new IndexWriterConfig().setOpenMode(IndexWriterConfig.OpenMode.CREATE).setIndexSort(NEWEST_FIRST);
    }

    /** Adds every event, committing (fsync) every {@code batchSize} and at the end. */
    private static void write(IndexWriter writer, Iterable<Event> events, int batchSize) throws IOException {
        int inBatch = 0;
        for (Event event : events) {
            writer.addDocument(document(event));
            if (++inBatch == batchSize) {
                writer.commit();
                inBatch = 0;
            }
        }
        writer.commit();
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
        Map<String, Long> counts = new HashMap<>(); // summed over segments; unsorted, as PeerQuestion#describe allows
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
    public List<Event> latest(int limit) {
        return newestFirst("latest(" + limit + ")", new MatchAllDocsQuery(), limit);
    }

    @Override
    public List<Event> before(long cursor, int limit) {
        String question = "before(" + cursor + ", " + limit + ")";
        if (cursor == Long.MIN_VALUE) {
            return List.of();
        }
        return newestFirst(question, LongPoint.newRangeQuery(ID, Long.MIN_VALUE, cursor - 1), limit);
    }

    @Override
    public Event byId(long id) {
        try {
            int doc = docOf(id);
            return doc < 0 ? null : event(doc);
        } catch (IOException e) {
            throw failed("byId(" + id + ")", e);
        }
    }

    /** Every field of global document {@code doc}, from doc values. */
    private Event event(int doc) throws IOException {
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
    }

    @Override
    public long sizeBytes() {
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

    /** The records matching {@code query}, largest id first, at most {@code limit}. */
    private List<Event> newestFirst(String question, Query query, int limit) {
        if (limit <= 0) {
            return List.of();
        }
        try {
            ScoreDoc[] hits = searcher.search(query, limit, NEWEST_FIRST).scoreDocs;
            List<Event> events = new ArrayList<>(hits.length);
            for (ScoreDoc hit : hits) {
                events.add(event(hit.doc));
            }
            return events;
        } catch (IOException e) {
            throw failed(question, e);
        }
    }

    private PeerEngineException failed(String question, IOException e) {
        return new PeerEngineException(name(), question, e);
    }
}
