package dev.big.bench.campaign;

/** The campaign cannot produce a report: a phase failed, or engines disagreed. */
final class CampaignException extends RuntimeException {

    CampaignException(String message) {
        super(message);
    }

    CampaignException(String message, Throwable cause) {
        super(message, cause);
    }
}
