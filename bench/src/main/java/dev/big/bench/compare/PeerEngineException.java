package dev.big.bench.compare;

/** A peer engine failed to answer: the engine's own exception, with the engine and the question. */
public final class PeerEngineException extends RuntimeException {

    public PeerEngineException(String engine, String question, Throwable cause) {
        super(engine + " failed to answer " + question + ": " + cause.getMessage(), cause);
    }
}
