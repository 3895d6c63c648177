-- Flash-sale reservations written before 0048_flash_reservation_leases have no lease (held_until is null), and the
-- lost-reservation job would take them for run out at once: a deploy during a live sale would give back units
-- whose checkout is still running on an instance of the previous version. They get the lease that version kept
-- them for — 60 seconds after their creation, when its own job gave them back (docs/decisions/0057) — and the new
-- instances give them back once that has passed, as the previous version would have.
UPDATE "seckill_purchases"
SET "held_until" = "created_at" + interval '60 seconds'
WHERE "held_until" IS NULL AND "order_id" IS NULL AND NOT "released";
